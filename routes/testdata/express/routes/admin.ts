import express, { Request, Response } from 'express';

export const adminRouter: express.Router = express.Router();

adminRouter.all('/status', (req: Request, res: Response) => res.end());
adminRouter.get(process.env.EXTRA_PATH as string, (req: Request, res: Response) => res.end());
